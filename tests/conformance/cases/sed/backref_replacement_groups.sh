printf "abba\nxyyx xyyx\n" > f
sed -E "s/(.)(.)\2\1/\2\1\1\2/g" f
sed "s/\(.\)\(.\)\2\1/[&|\1|\2]/" f
