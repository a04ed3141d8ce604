echo a > f; mkdir d
cp -v f g
cp -v f g d
mkdir -p s/t; echo z > s/t/x
cp -rv s r
