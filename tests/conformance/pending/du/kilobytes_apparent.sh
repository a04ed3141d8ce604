printf '%03000d' 0 > f
du --apparent-size -k f; du --apparent-size -m f
