echo a > f; mkdir d
mv -v f g
mv -v g d
echo x > p; echo y > q
mv -vb p q
