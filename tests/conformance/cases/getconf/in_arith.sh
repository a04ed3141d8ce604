echo $(( $(getconf PAGESIZE) * 2 )); echo $(( $(getconf LONG_BIT) / 8 ))
