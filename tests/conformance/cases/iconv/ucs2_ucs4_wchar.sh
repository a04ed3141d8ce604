printf 'A\303\251' | iconv -f UTF-8 -t UCS-2 | od -An -tx1
printf 'A\303\251' | iconv -f UTF-8 -t UCS-2BE | od -An -tx1
printf 'A' | iconv -f UTF-8 -t UCS-4 | od -An -tx1
printf 'A' | iconv -f UTF-8 -t WCHAR_T | od -An -tx1
printf '\000\021\000\000' | iconv -f UCS-4 -t UTF-8 | od -An -tx1
printf '\360\237\230\200' | iconv -f UTF-8 -t UCS-2; echo "status $?"
