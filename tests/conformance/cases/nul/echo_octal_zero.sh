echo -e 'a\0101b' | od -An -c
