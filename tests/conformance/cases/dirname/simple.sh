dirname /usr/local/bin/tool
