mkdir -p d/emptydir; : > d/empty
tar cf a.tar --sort=name --owner=0 --group=0 --numeric-owner --mode='a=rX,u+w' --mtime='2024-01-02 03:04:05' d
tar tvf a.tar
mkdir x; tar xf a.tar -C x; find x | sort; wc -c < x/d/empty
