printf "abcabc\nabab x\nfoo\n" > f
sed -E "s/(abc)\1/[\1]/" f
sed -E "s/(.)(.)\2\1/<&>/g; s/(o)\1/0/" f
