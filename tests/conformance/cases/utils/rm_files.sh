touch a b c
rm a
ls
rm -f nosuch
echo $?
mkdir -p d/e
rm -r d
ls
