getconf PATH_MAX /; getconf PATH_MAX .; getconf _POSIX_PATH_MAX /
