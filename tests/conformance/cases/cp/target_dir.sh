mkdir d; echo a > x; echo b > y
cp -t d x y; ls d
cp --target-directory=d x; ls d
mkdir e; cp -T x e/z; cat e/z
mkdir -p s/t; cp -rT s e; ls e
