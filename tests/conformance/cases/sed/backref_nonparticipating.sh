printf "b\naba\nab\n" > f
sed -E "s/^(a)?b\1$/[&]/" f
sed "s/^\(a\)*b\1*$/<&>/" f
sed -E "s/(a|(b))\2/{\2}/" f
