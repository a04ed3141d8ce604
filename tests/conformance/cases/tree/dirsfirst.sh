export LC_ALL=C
mkdir z; touch a z/y; ln -s z lz; tree --dirsfirst
