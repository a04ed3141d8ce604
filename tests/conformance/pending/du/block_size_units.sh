printf '%05000d' 0 > f
du --apparent-size -B 1K f; du --apparent-size -B 1000 f
