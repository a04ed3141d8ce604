printf '\360\322\311\327\305\324\n' | iconv -f KOI8-R -t UTF-8
printf '\320\237\321\200\320\270\320\262\320\265\321\202\n' | iconv -f utf-8 -t cp1251 | od -An -tx1
printf '\305\201\303\263d\305\272\n' | iconv -f UTF-8 -t LATIN2 | od -An -tx1
printf '\311\315\273\n' | iconv -f IBM437 -t UTF-8
printf '\342\202\254 \302\253x\302\273 \303\251\n' | iconv -f UTF-8 -t KOI8-U//TRANSLIT
printf 'a\245b\n' | iconv -f ISO-8859-3 -t UTF-8; echo "status $?"
printf '\316\261\316\262\n' | iconv -f UTF-8 -t GREEK | iconv -f ISO_8859-7:2003 -t UTF-16LE | od -An -tx1
iconv -l | grep -x -e 'KOI8-R//' -e 'CP1251//' -e 'LATIN2//' -e 'MACINTOSH//' -e '866//'
