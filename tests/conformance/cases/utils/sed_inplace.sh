printf 'one\ntwo\nthree\n' > f.txt
sed -i 's/o/0/g' f.txt; echo "status $?"; cat f.txt
sed -i.bak '2d' f.txt; cat f.txt; echo ---; cat f.txt.bak
printf 'a\nb\n' > g.txt
sed -n -i '1p' f.txt g.txt; cat f.txt g.txt
sed --in-place=.orig 's/a/A/' g.txt; cat g.txt g.txt.orig
sed -i -e '$a\' -e 'last' g.txt; cat g.txt
sed -i 1q f.txt; cat f.txt
ls
