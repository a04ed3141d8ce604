mkdir d e; echo a > x; echo b > y
mv -t d x y; ls d
mv -T d e2; ls
mkdir -p s/t; mv -T s e; ls e
