nice nice
nice nice nice
