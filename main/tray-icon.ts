/**
 * The menu-bar icon: an eye, black on transparent, as a template image so macOS tints it for
 * light and dark menu bars. Embedded as data so the icon ships inside the compiled main
 * process with nothing else to copy. 16 points, drawn at 1x and 2x.
 */

/** 16x16 PNG for 1x displays. */
export const TRAY_ICON_1X = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAbElEQVR42mNgGJZAAIgDgLgBDQdA5fBqnA/E/4H4PBYDzkPl5mMzyACI70MVOSCJO2Dhn4eqNUA2YD9UENnk9VAb/0PZyC69D9UDt/0/1JnINv1Hw8guaYCKGVDFAIq9QJVApDgaqZKQhigAAKRTOhFfKlUJAAAAAElFTkSuQmCC';

/** 32x32 PNG for Retina displays. */
export const TRAY_ICON_2X =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAA1ElEQVR42u1WWw3DMAwshEIohEAYhEAIhEEwg0AZhEAIhEIIhM6T/BFFid1W02JNPun+7NzZzmtZDAbDfTjkg+h+IQbIhCzIY8BCMfAtUwG5C2KcqZ3WuAzfEf4IPYXKHMWkjhF/Vjw2yS/kdqOIjXLrteIV8SK4DjRrENrsmxFFLrB265g25868s5BTx3YLq2cOTEWZOQWZyYNmT7AOV6bth8DROFauw6HZ7WeqGJHrXhoZnW5g+gimb0IVx3D6RaTiKlbxGKl4jtV8SNR8yQyG/8Ubq9TkaZ/uvBIAAAAASUVORK5CYII=';
