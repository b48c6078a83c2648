import {
  accordionSlotRecipe,
  alertSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  inputAddonRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { addRecipes } from '@/theme';

/**
 * The Chakra recipes of the components that the app shell and the landing, home, about and contact pages never
 * render (src/theme.ts and page-recipes.ts hold theirs). Loaded with every other page (src/app/routes.tsx) and with the navbar menus;
 * src/theme.test.ts checks that the two sets cover every Chakra component the app imports.
 */
export const LATER_RECIPES = {
  recipes: {
    checkmark: checkmarkRecipe,
    code: codeRecipe,
    inputAddon: inputAddonRecipe,
  },
  slotRecipes: {
    accordion: accordionSlotRecipe,
    alert: alertSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dataList: dataListSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    emptyState: emptyStateSlotRecipe,
    list: listSlotRecipe,
    menu: menuSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    progress: progressSlotRecipe,
    stat: statSlotRecipe,
    table: tableSlotRecipe,
    tabs: tabsSlotRecipe,
    toast: toastSlotRecipe,
  },
};

export function addLaterRecipes() {
  addRecipes(LATER_RECIPES);
}
