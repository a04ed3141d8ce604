printf "abcdefghiihgfedcba\nabcdefghiabcdefghi\n" > f
grep -E "(a)(b)(c)(d)(e)(f)(g)(h)(i)\9\8\7\6\5\4\3\2\1" f
grep "\(a\)\(b\)\(c\)\(d\)\(e\)\(f\)\(g\)\(h\)\(i\)\1\2\3\4\5\6\7\8\9" f
