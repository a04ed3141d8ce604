printf "\211PNG\r\n\032\n\0\0\0\rIHDR\0\0\0\020\0\0\0\010\010\006\0\0\0" > p; file -b p; file --mime-type p
