getconf PAGESIZE; getconf PAGE_SIZE
