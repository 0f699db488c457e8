/** Choosing a folder (a server's roots) or a file (a bundle's `file` setting): the desktop's own dialog, or the host's browser in web mode. */

/** How the window lets the user choose a folder: the OS dialog (desktop) or the host-side browser (web mode). */
export type FolderPickerKind = 'native' | 'browse';

/** One sub-folder (or, when files are asked for, one file) in a listing. */
export interface FolderEntry {
  name: string;
  /** Absolute path. */
  path: string;
  /** Starts with a dot (listed only when hidden folders are asked for). */
  hidden: boolean;
}

/** The sub-folders (and files, when asked) of one folder, for the web mode's browser. */
export interface FolderListing {
  /** The folder listed (absolute, resolved). */
  path: string;
  /** Its parent, absent at a file system root. */
  parent?: string;
  /** The user's home folder (where browsing starts). */
  home: string;
  folders: FolderEntry[];
  /** The folder's regular files (links to files included), present only when asked for with `files: true`. */
  files?: FolderEntry[];
  /** True when more sub-folders (or files) exist than were listed (`folderListLimit` each). */
  truncated: boolean;
}

/** At most this many sub-folders (and as many files) are listed. */
export const folderListLimit = 2000;
