import { imageSrcSet, imageUrl } from "~/lib/images";

interface ResponsiveImageProps extends Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
}

export function ResponsiveImage({ src, sizes, loading = "lazy", ...rest }: ResponsiveImageProps) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={imageUrl(src)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      loading={loading}
      decoding="async"
      {...rest}
    />
  );
}
