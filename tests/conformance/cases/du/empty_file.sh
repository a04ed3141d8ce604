: > e
du -b e
