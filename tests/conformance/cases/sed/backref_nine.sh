echo abcdefghi > f
sed "s/\(a\)\(b\)\(c\)\(d\)\(e\)\(f\)\(g\)\(h\)\(i\)/\9\8\7\6\5\4\3\2\1/" f
echo abcdefghiihgfedcba | sed -E "s/(a)(b)(c)(d)(e)(f)(g)(h)(i)\9\8\7\6\5\4\3\2\1/ok:\5/"
