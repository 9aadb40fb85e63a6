/** Module specifier → its Preact replacement (see preact-aliases.mjs). */
export declare const preactAliases: Record<string, string>;
/** preactAliases as Vite's resolve.alias entries, matching whole specifiers only. */
export declare const preactViteAliases: { find: RegExp; replacement: string }[];
