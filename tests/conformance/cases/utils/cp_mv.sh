echo data > src
cp src copy
mv src moved
ls
cat copy moved
