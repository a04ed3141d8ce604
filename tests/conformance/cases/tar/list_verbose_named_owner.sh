printf 'x\n' > f
tar cf a.tar --owner=alice:1000 --group=staff:50 --mode=640 --mtime='2024-01-02 03:04:05' f
tar tvf a.tar
tar tvf a.tar --numeric-owner
