echo a > f
cp f g; cat g
mkdir d; cp f g d; ls d
cp f d/h; cat d/h
