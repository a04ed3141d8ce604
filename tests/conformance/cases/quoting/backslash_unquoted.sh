echo a\ b\$c \\ \'x\' \"y\"
