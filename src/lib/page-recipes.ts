import {
  badgeRecipe,
  cardSlotRecipe,
  containerRecipe,
  fieldSlotRecipe,
  headingRecipe,
  inputRecipe,
  sliderSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { addRecipes } from '@/theme';

/**
 * The Chakra recipes of the public pages that the first view of a prerendered public page does not need (its islands
 * are the bar and the hero's buttons; the rest is HTML and CSS): headings, cards, fields, the calculator's slider.
 * The whole app adds them as it starts (src/app/start.tsx, and the build's prerender), the islands further down
 * with their code (src/app/islands/registry.ts). src/theme.test.ts checks who needs which.
 */
export const PAGE_RECIPES = {
  recipes: {
    badge: badgeRecipe,
    container: containerRecipe,
    heading: headingRecipe,
    input: inputRecipe,
    textarea: textareaRecipe,
  },
  slotRecipes: {
    card: cardSlotRecipe,
    field: fieldSlotRecipe,
    slider: sliderSlotRecipe,
  },
};

export function addPageRecipes() {
  addRecipes(PAGE_RECIPES);
}
