printf "AaBb\nxXyY\nab\n" > f
sed "s/\(a\)\1/=/I" f
sed -E "s/(.)\1/[&]/Ig" f
sed -n "/\(x\)\1/Ip" f
