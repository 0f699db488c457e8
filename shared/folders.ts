/** Choosing a folder (a server's roots): the desktop's own dialog, or the host's folder browser in web mode. */

/** How the window lets the user choose a folder: the OS dialog (desktop) or the host-side browser (web mode). */
export type FolderPickerKind = 'native' | 'browse';

/** One sub-folder in a listing. */
export interface FolderEntry {
  name: string;
  /** Absolute path. */
  path: string;
  /** Starts with a dot (listed only when hidden folders are asked for). */
  hidden: boolean;
}

/** The sub-folders of one folder, for the web mode's folder browser. */
export interface FolderListing {
  /** The folder listed (absolute, resolved). */
  path: string;
  /** Its parent, absent at a file system root. */
  parent?: string;
  /** The user's home folder (where browsing starts). */
  home: string;
  folders: FolderEntry[];
  /** True when more sub-folders exist than were listed (`folderListLimit`). */
  truncated: boolean;
}

/** At most this many sub-folders are listed. */
export const folderListLimit = 2000;
