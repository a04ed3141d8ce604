printf "x\n" > t; ln -s t l; ln -s nowhere dang; file l dang; file -L l; file -h l
