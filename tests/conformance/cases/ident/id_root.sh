id root; id -un 0; groups root
