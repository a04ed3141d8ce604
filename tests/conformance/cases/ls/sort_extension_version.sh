# check-stderr
touch a.txt b.c c a.c b.txt file10 file9 file1.2 file1.10
ls -X; echo "s=$?"
ls -v; echo "s=$?"
ls --sort=extension; echo "s=$?"
ls --sort=version; echo "s=$?"
ls -Xr; echo "s=$?"
