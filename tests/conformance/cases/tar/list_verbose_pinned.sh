mkdir -p d/sub; printf 'hello\n' > d/a; printf '' > d/sub/empty
tar cf a.tar --sort=name --owner=0 --group=0 --numeric-owner --mode='a=rX,u+w' --mtime='2024-01-02 03:04:05' d
tar tvf a.tar
