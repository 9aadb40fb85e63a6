// Shapes shared with the Go server's JSON API (internal/server). Keep the
// field names in step with the Go structs' json tags.

export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export interface Job {
  id: string;
  jobTitle: string;
  experience: string;
  location: string;
  description: string;
  department?: string;
  employmentType?: string;
  salaryMin?: number;
  salaryMax?: number;
  closingDate?: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

export interface BlogPost {
  id: string;
  title: string;
  description: string;
  image: string;
  content: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

export interface BlogList {
  posts: BlogPost[];
  total: number;
  page: number;
  pageSize: number;
}

/** One API response as the page saw it: either data or an error. */
export type ApiResult = { data: unknown } | { error: ApiError };

/** Boot data: written by Go into the page as JSON and given to the server renderer. */
export interface BootData {
  /** API responses the page needs, keyed by API path (e.g. "/api/jobs/abc"). */
  api: Record<string, ApiResult>;
  /** The server's clock (RFC 3339), so dates render the same on both sides. */
  now: string;
  /** Set when the server could not render the page: show the error screen. */
  error?: boolean;
}
