// Loaded on demand by LazyMotion (motion.tsx): the animation engine stays out of the first download.
import { domAnimation } from 'framer-motion';

export default domAnimation;
