/**
 * The navbar's own menus open above drawers (Arco's drawers and modals sit at z-index 1001, its popups at
 * 1000): drawers open below the navbar (styles.css), and the language, user or message menu must not open
 * under one.
 */
export const NAVBAR_POPUP = { style: { zIndex: 1010 } };
