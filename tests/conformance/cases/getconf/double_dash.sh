getconf -- PAGESIZE
