factor +30 0030
