printf 'a,,b\nc,d,e\n' | column -t -s ,
