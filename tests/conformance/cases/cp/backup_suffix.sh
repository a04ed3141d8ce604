echo new > a; echo old > b
cp -b a b; cat b b~
echo c > c; cp --backup=numbered c b; ls
cp -S .bak a c; ls
