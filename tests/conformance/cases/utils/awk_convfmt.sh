# OFMT for print, CONVFMT for conversions, integers printed as integers.
awk 'BEGIN { x = 3.14159265; print x; OFMT = "%.2f"; print x, x ""; CONVFMT = "%.3f"; y = x ""; print y; print 17, 17.0, 1e6 }'
awk 'BEGIN { a[0.1] = 1; for (k in a) print k }'
