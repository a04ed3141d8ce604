expr + length; expr length + length
