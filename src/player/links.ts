/** Every link of the player opens its page in a new window, without handing it our window. */
export const NEW_WINDOW = { target: '_blank', rel: 'noopener' } as const;
