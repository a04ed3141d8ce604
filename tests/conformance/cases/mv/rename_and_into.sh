echo a > f; mkdir d
mv f g; ls
mv g d; ls d
echo b > x; echo c > y; mv x y d; ls d
