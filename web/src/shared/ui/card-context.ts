import { createContext, useContext } from "react";

/** True inside a row's card on a phone (RowCards), where a row shows one action and a menu of the rest. */
export const InRowCard = createContext(false);

export const useInRowCard = () => useContext(InRowCard);
