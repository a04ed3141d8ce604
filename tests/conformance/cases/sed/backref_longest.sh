printf "abcd\nxxxx\nabab\n" > f
sed -E "s/(a|ab)(c|bcd)\1?/[\1,\2]/" f
sed -E "s/(x)\1*/<&>/" f
sed -E "s/(ab|a)(b*)\1/[&]/" f
