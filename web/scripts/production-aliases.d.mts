/** Module specifier → the file of its production build (see production-aliases.mjs). */
export declare const productionAliases: Record<string, string>;
