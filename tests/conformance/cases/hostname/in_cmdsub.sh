h=$(hostname); [ ${#h} -gt 0 ] && echo len
