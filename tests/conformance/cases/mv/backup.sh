echo new > a; echo old > b
mv -b a b; ls; cat b b~
echo c > c; mv --backup=numbered c b; ls
echo d > d; mv -S .bak d b; ls
