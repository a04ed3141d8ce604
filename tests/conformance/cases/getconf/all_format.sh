getconf -a | grep -E '^(PATH_MAX|PAGESIZE|LINE_MAX|INT_MAX|GNU_LIBC_VERSION|TZNAME_MAX) '; getconf -a | grep -c '^LINK_MAX  '
